/**
 * The card a desk screen sits in: its title (spec §2 name) and optional tools beside it. A user whose
 * roles lack the section's menu permission sees a refusal instead of the screen.
 */
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SCREENS, type ScreenKey, mayOpen } from '../../app/screens';
import { useSession } from '../../app/session/store';
import './desk.css';

export default function DeskPage({ screen, extra, children }: { screen: ScreenKey; extra?: ReactNode; children: ReactNode }) {
  const allowed = useSession((s) => mayOpen(s.permissions, screen));
  return (
    <Card
      className="desk-page"
      variant="borderless"
      title={<span data-testid="screen-title">{SCREENS[screen].title}</span>}
      extra={allowed ? extra : null}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      {allowed ? (
        children
      ) : (
        <Result
          status="403"
          title="无权访问"
          subTitle={`您的角色没有“${SCREENS[screen].title}”的权限，如需使用请联系管理员分配。`}
          extra={
            <Link to="/index">
              <Button type="primary">返回大屏</Button>
            </Link>
          }
        />
      )}
    </Card>
  );
}
