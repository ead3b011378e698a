/**
 * 米单车管理 (#/miBicycle/{tab}): 违规举报 (the field app's violation reports, issue 28). Site
 * applications, inspections, piles and the bikes piles hear but operators hide come with issue 29.
 */
import { DeskPage, DeskTabs } from '../../components/desk';
import ReportsTab from './reports';

export default function MiBicycle() {
  return (
    <DeskPage screen="miBicycle">
      <DeskTabs items={[{ key: 'report', label: '违规举报', render: () => <ReportsTab /> }]} />
    </DeskPage>
  );
}
