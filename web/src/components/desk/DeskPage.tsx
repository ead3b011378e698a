/** The card a desk screen sits in: its title (spec §2 name) and optional tools beside it. */
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { SCREENS, type ScreenKey } from '../../app/screens';
import './desk.css';

export default function DeskPage({ screen, extra, children }: { screen: ScreenKey; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      className="desk-page"
      variant="borderless"
      title={<span data-testid="screen-title">{SCREENS[screen].title}</span>}
      extra={extra}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      {children}
    </Card>
  );
}
