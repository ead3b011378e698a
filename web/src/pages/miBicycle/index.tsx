/**
 * 米单车管理 (#/miBicycle/{tab}): 站点申请 (the field app's site proposals) and 违规举报 (its violation
 * reports, issue 28). Inspections, piles and the bikes piles hear but operators hide come with issue 29.
 */
import { DeskPage, DeskTabs } from '../../components/desk';
import ReportsTab from './reports';
import SiteApplyTab from './siteApply/SiteApplyTab';

export default function MiBicycle() {
  return (
    <DeskPage screen="miBicycle">
      <DeskTabs
        items={[
          { key: 'site', label: '站点申请', render: () => <SiteApplyTab /> },
          { key: 'report', label: '违规举报', render: () => <ReportsTab /> },
        ]}
      />
    </DeskPage>
  );
}
