/**
 * 信息管理 (#/inforManagement, menu 8): a regulator's notices (publishing with 信息发布, 111), or an
 * enterprise account's inbox (a user with an enterprise reads what is aimed at it).
 */
import { useSession } from '../../app/session/store';
import { DeskPage } from '../../components/desk';
import InboxTab from './inbox';
import NoticesTab from './notices';
import './inforManagement.css';

export default function InforManagement() {
  const brandId = useSession((s) => s.user?.brandId);
  return <DeskPage screen="inforManagement">{brandId ? <InboxTab /> : <NoticesTab />}</DeskPage>;
}
