/**
 * 评级考核 · 考核设置 (#/ratingEvaluation/setting, issue 30): an area's scheme in four tabs, the
 * chosen one in the URL's `tab` (the area in its selfAreaId, kept across tabs): 考核配置 (base score,
 * grades, quota changes, the scheme at a glance), 考核类别, 固定考核项 and 趋势考核规则.
 */
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import CategoriesTab from './categories';
import ConfTab from './ConfTab';
import FixedRulesTab from './fixedRules';
import TrendRulesTab from './trendRules';
import './setting.css';

const TABS = [
  { key: 'conf', label: '考核配置', render: () => <ConfTab /> },
  { key: 'category', label: '考核类别', render: () => <CategoriesTab /> },
  { key: 'fixed', label: '固定考核项', render: () => <FixedRulesTab /> },
  { key: 'trend', label: '趋势考核规则', render: () => <TrendRulesTab /> },
];

export default function RateSetting() {
  const [params, setParams] = useSearchParams();
  const active = TABS.find((t) => t.key === params.get('tab'))?.key ?? TABS[0].key;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => {
        // the tab's own list filters and page stay behind; the area goes along
        const next = new URLSearchParams({ tab: key });
        const area = params.get('selfAreaId');
        if (area) next.set('selfAreaId', area);
        setParams(next);
      }}
      items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === active ? t.render() : null }))}
    />
  );
}
