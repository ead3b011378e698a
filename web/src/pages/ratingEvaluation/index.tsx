import { Outlet } from 'react-router';
import { RATING_CHILDREN } from '../../app/screens';
import ScreenFrame from '../../components/ScreenFrame';
import SectionTabs from '../../components/SectionTabs';

/** 评级考核: section frame with its child screens (企业考核, 考核详情, 考核设置). */
export default function RatingEvaluation() {
  return (
    <ScreenFrame screen="ratingEvaluation">
      <SectionTabs items={RATING_CHILDREN} />
      <Outlet />
    </ScreenFrame>
  );
}
