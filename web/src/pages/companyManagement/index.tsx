import { Outlet } from 'react-router';
import { COMPANY_CHILDREN } from '../../app/screens';
import SectionTabs from '../../components/SectionTabs';
import { DeskPage } from '../../components/desk';

/** 企业管理 (menu 7): the section's desk page with its nine child screens as tabs (their own routes). */
export default function CompanyManagement() {
  return (
    <DeskPage screen="companyManagement">
      <SectionTabs items={COMPANY_CHILDREN} />
      <Outlet />
    </DeskPage>
  );
}
