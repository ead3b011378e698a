import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SCREENS, type ScreenKey } from '../app/screens';

/**
 * The frame of a screen that is still to be built: its Chinese name and a sentence about what it
 * will show. No data is faked here.
 */
export default function ScreenFrame({ screen, children }: { screen: ScreenKey; children?: ReactNode }) {
  const info = SCREENS[screen];
  return (
    <Card
      title={<span data-testid="screen-title">{info.title}</span>}
      variant="borderless"
      style={{ minHeight: 240 }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {info.summary}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        该功能正在建设中，完成后将在此处显示。
      </Typography.Text>
      {children}
    </Card>
  );
}
