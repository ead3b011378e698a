import type { ReactNode } from 'react';
import './panel.css';

interface PanelProps {
  title: ReactNode;
  /** buttons or tabs on the right of the title */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** A dark big-screen panel: a title bar and a body that fills the rest of its height. */
export default function Panel({ title, extra, className, children, testId }: PanelProps) {
  return (
    <section className={`hp ${className ?? ''}`} data-testid={testId}>
      <header className="hp-head">
        <h3 className="hp-title">{title}</h3>
        {extra ? <div className="hp-extra">{extra}</div> : null}
      </header>
      <div className="hp-body">{children}</div>
    </section>
  );
}
