/**
 * 米单车管理 (#/miBicycle/{tab}): 站点申请 (the field app's site proposals), 违规举报 (its violation
 * reports, issue 28), 匹配规则 and 桩测未上传车辆 (the bikes piles hear but operators do not report,
 * issue 29 point 4). Inspections and piles come with the rest of issue 29.
 */
import { DeskPage, DeskTabs } from '../../components/desk';
import ReportsTab from './reports';
import SiteApplyTab from './siteApply/SiteApplyTab';
import NotUploadRulesTab from './notUpload/rules';
import NotUploadTab from './notUpload/bikes';

export default function MiBicycle() {
  return (
    <DeskPage screen="miBicycle">
      <DeskTabs
        items={[
          { key: 'site', label: '站点申请', render: () => <SiteApplyTab /> },
          { key: 'report', label: '违规举报', render: () => <ReportsTab /> },
          { key: 'notUploadRule', label: '匹配规则', render: () => <NotUploadRulesTab /> },
          { key: 'notUpload', label: '桩测未上传车辆', render: () => <NotUploadTab /> },
        ]}
      />
    </DeskPage>
  );
}
