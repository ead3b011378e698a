import { Outlet } from 'react-router';
import { RATING_CHILDREN } from '../../app/screens';
import SectionTabs from '../../components/SectionTabs';
import { DeskPage } from '../../components/desk';

/** 评级考核 (menu 6): the section's desk page with its child screens as tabs (企业考核, 考核详情, 考核设置). */
export default function RatingEvaluation() {
  return (
    <DeskPage screen="ratingEvaluation">
      <SectionTabs items={RATING_CHILDREN} />
      <Outlet />
    </DeskPage>
  );
}
