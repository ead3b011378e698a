/** A row's on/off switch (a group open, a zone enabled): spins while its call runs; `onChange` is a `kit.run` (toast, refresh, failure). */
import { Switch } from 'antd';
import { type ReactNode, useState } from 'react';

interface Props {
  /** the switch's accessible name (开关 {row}) */
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => Promise<unknown>;
  checkedChildren?: ReactNode;
  unCheckedChildren?: ReactNode;
}

export default function RowSwitch({ label, onChange, ...rest }: Props) {
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    try {
      await onChange(on);
    } finally {
      setBusy(false);
    }
  };
  return <Switch aria-label={label} loading={busy} onChange={(on) => void flip(on)} {...rest} />;
}
