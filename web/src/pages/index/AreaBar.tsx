import { EnvironmentOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Select, Spin, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../app/session/store';
import type { NationalArea } from '../../app/session/types';
import { NATION_ID, areaChain } from '../../lib/area';
import { FILL } from '../../lib/constants';
import { useHomeStore } from './homeStore';
import { useInit } from './hooks';

const LEVELS = ['省', '市', '区县'] as const;

/** Province, city and district ids of an area (its chain padded to six digits), without repeats. */
export function areaPath(id: string): string[] {
  if (!id || id === NATION_ID) return [];
  const [p, c, d] = areaChain(id);
  const out = [p];
  if (c !== p) out.push(c);
  if (d !== c) out.push(d);
  return out;
}

/**
 * The area's full-pile value as a newcomer can read it: 满桩系数 ×1 (or the area's own name for it),
 * and what it does.
 */
export function fullPileLabel(name: string, value: number): { text: string; help: string } {
  const alias = name || FILL.defaultFullPileName;
  const text = `${alias === FILL.defaultFullPileName ? '满桩系数' : alias} ×${value}`;
  const capacity = value > 0 ? `floor(停车上限 × ${value})` : '停车上限';
  const help =
    `${alias}：站点容量 = ${capacity}。站点车辆数达到容量为满桩，超过容量的 ${FILL.many * 100}% 为偏多，` + `低于 ${FILL.few * 100}% 为偏少，0 辆为空桩。`;
  return { text, help };
}

function useAreaIndex(list: NationalArea[]) {
  return useMemo(() => {
    const byId = new Map<string, NationalArea>();
    const children = new Map<string, NationalArea[]>();
    for (const a of list) {
      byId.set(a.id, a);
      const parent = a.parentId ?? '';
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent)!.push(a);
    }
    return { byId, children };
  }, [list]);
}

/**
 * Area side bar: the province / city / district chain of the area shown. Levels above the user's
 * own area are fixed; below it any child may be chosen, which resets the screen and re-polls.
 */
export default function AreaBar({ loading }: { loading: boolean }) {
  const user = useSession((s) => s.user);
  const national = useSession((s) => s.nationalArea);
  const selected = useHomeStore((s) => s.selectedAreaId);
  const selectArea = useHomeStore((s) => s.selectArea);
  const init = useInit();
  const { byId, children } = useAreaIndex(national);
  const canChoose = (user?.userLevel ?? 0) >= 2;
  const own = user?.areaId || NATION_ID;
  const ownDepth = areaPath(own).length;
  const current = canChoose ? selected || own : own;
  const path = areaPath(current).filter((id) => byId.has(id));
  const info = init.data?.area;
  const pile = info ? fullPileLabel(info.fullPileName, info.fullPileNum) : null;

  const choose = (depth: number, value: string | undefined) => {
    // clearing a level goes back to the level above it (never above the user's own area)
    const next = value ?? (depth === 0 ? NATION_ID : path[depth - 1]);
    selectArea(areaPath(next).length < ownDepth ? own : next === own ? '' : next);
  };

  return (
    <div className="dash-areabar" data-testid="area-bar">
      <Spin spinning={loading || init.isPending} size="small">
        <div className="dash-areabar-row">
          <EnvironmentOutlined />
          {LEVELS.map((label, depth) => {
            const parent = depth === 0 ? NATION_ID : path[depth - 1];
            const fixed = !canChoose || depth < ownDepth;
            const options = (parent ? (children.get(parent) ?? []) : []).map((a) => ({ value: a.id, label: a.areaName }));
            if (!fixed && options.length === 0) return null;
            return (
              <Select
                key={label}
                aria-label={`选择${label}`}
                className="dash-area-select"
                size="small"
                placeholder={`全部${label}`}
                value={path[depth]}
                disabled={fixed}
                allowClear={!fixed}
                showSearch={{ optionFilterProp: 'label' }}
                options={fixed && path[depth] ? [{ value: path[depth], label: byId.get(path[depth])?.areaName ?? path[depth] }] : options}
                onChange={(v?: string) => choose(depth, v)}
                popupMatchSelectWidth={false}
              />
            );
          })}
          {info && pile ? (
            <span className="dash-areabar-info">
              <span>站点 {info.siteCount} 个</span>
              <Tooltip title={pile.help}>
                <span data-testid="full-pile" aria-label={`${pile.text}。${pile.help}`}>
                  {pile.text} <QuestionCircleOutlined />
                </span>
              </Tooltip>
            </span>
          ) : null}
        </div>
      </Spin>
    </div>
  );
}
