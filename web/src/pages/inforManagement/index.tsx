/**
 * 信息管理 (#/inforManagement, menu 8): a regulator's notices (publishing with 信息发布, 111), or an
 * enterprise account's inbox (a user with an enterprise reads what is aimed at it).
 */
import { useSession } from '../../app/session/store';
import { DeskPage } from '../../components/desk';
import { can } from '../../lib/permission';
import InboxTab from './inbox';
import NoticesTab from './notices';
import './inforManagement.css';

export default function InforManagement() {
  const user = useSession((s) => s.user);
  const canEdit = useSession((s) => can(s.permissions, 'information.edit'));
  const areaUser = (user?.userLevel ?? 0) >= 2;
  return <DeskPage screen="inforManagement">{user?.brandId ? <InboxTab /> : <NoticesTab areaUser={areaUser} canEdit={canEdit} />}</DeskPage>;
}
