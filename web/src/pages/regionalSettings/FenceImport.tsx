/**
 * 导入 GeoJSON on the 运营区域 tab: the import dialog saving the good polygons of a file as the
 * area's entry fences (one each, named from the file), or the first one as its operating fence (an
 * area has one: the others are listed as not saved).
 */
import { useRef } from 'react';
import { type Field, useWrites } from '../../components/desk';
import type { LonLat } from '../../components/deskMap/types';
import GeoImportDialog from './GeoImportDialog';
import { importEntryRail, importRail } from './geoService';

type Kind = 'entry' | 'rail';
interface FenceImportValues {
  kind: Kind;
}

const RAIL_TAKEN = '运营围栏每个区域只有一个：已保存文件中的第一个多边形，这个未保存';

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
  const railSaved = useRef(false);
  return (
    <GeoImportDialog<FenceImportValues>
      title={`导入${areaName}的围栏（GeoJSON）`}
      noun="围栏"
      fields={FIELDS}
      initialValues={{ kind: 'entry' }}
      others={others}
      save={async (g, v) => {
        if (v.kind === 'entry') return importEntryRail(areaId, g.name, g.ring);
        if (railSaved.current) throw new Error(RAIL_TAKEN);
        railSaved.current = true;
        return importRail(areaId, g.ring).catch((e: unknown) => {
          railSaved.current = false;
          throw e;
        });
      }}
      onSaved={writes.refresh}
      onClose={onClose}
    />
  );
}
