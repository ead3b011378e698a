/**
 * 导入 GeoJSON on the 运营区域 tab: the import dialog saving the good polygons of a file as the
 * area's entry fences (one each, named from the file), or the first one as its operating fence (an
 * area has one: the preview says 保存 1 个 and lists the others as not saved). Fences keep no holes:
 * a polygon with holes is listed as not saved.
 */
import { type Field, useWrites } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import GeoImportDialog from './GeoImportDialog';
import { importEntryRail, importRail } from './geoService';

type Kind = 'entry' | 'rail';
interface FenceImportValues {
  kind: Kind;
}

const RAIL_ONE = { count: 1, reason: '运营围栏每个区域只有一个：只保存第一个多边形，这个不保存' };

const FIELDS: Field<keyof FenceImportValues>[] = [
  {
    name: 'kind',
    label: '保存为',
    type: 'select',
    required: true,
    options: [
      { value: 'entry', label: '入口围栏（每个多边形一个）' },
      { value: 'rail', label: '运营围栏（只取第一个多边形，替换现有的）' },
    ],
  },
];

interface Props {
  areaId: string;
  areaName: string;
  /** the fences already stored, drawn grey beneath */
  others: readonly (readonly LonLat[])[];
  onClose: () => void;
}

export default function FenceImport({ areaId, areaName, others, onClose }: Props) {
  const writes = useWrites(['regional', 'area', areaId], ['regional', 'rails', areaId], ['regional', 'entryRails', areaId]);
  return (
    <GeoImportDialog<FenceImportValues>
      title={`导入${areaName}的围栏（GeoJSON）`}
      noun="围栏"
      fields={FIELDS}
      initialValues={{ kind: 'entry' }}
      others={others}
      areaOf={() => areaId}
      limit={(v) => (v.kind === 'rail' ? RAIL_ONE : null)}
      save={(g, v) => (v.kind === 'entry' ? importEntryRail(areaId, g.name, g.ring) : importRail(areaId, g.ring))}
      onSaved={writes.refresh}
      onClose={onClose}
    />
  );
}
