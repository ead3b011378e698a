import { Outlet } from 'react-router';
import { COMPANY_CHILDREN } from '../../app/screens';
import ScreenFrame from '../../components/ScreenFrame';
import SectionTabs from '../../components/SectionTabs';

/** 企业管理: section frame with its nine child screens. */
export default function CompanyManagement() {
  return (
    <ScreenFrame screen="companyManagement">
      <SectionTabs items={COMPANY_CHILDREN} />
      <Outlet />
    </ScreenFrame>
  );
}
