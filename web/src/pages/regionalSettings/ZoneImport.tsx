/** 导入 GeoJSON on the 禁停区域 tab: the import dialog saving each good polygon (holes kept) as a zone of the chosen type and area. */
import { useMemo } from 'react';
import { useSession } from '../../app/session/store';
import { type Field, optionsOf } from '../../components/desk';
import { FORBID_TYPES } from './forbidForm';
import GeoImportDialog from './GeoImportDialog';
import { importForbid } from './geoService';
import type { Forbid } from './types';

interface ZoneImportValues {
  type: string;
  areaId: string;
}

const FIELDS: Field<keyof ZoneImportValues>[] = [
  { name: 'type', label: '类型', type: 'select', required: true, options: optionsOf(FORBID_TYPES), extra: '文件中的全部多边形按此类型保存' },
  { name: 'areaId', label: '所属区域', type: 'area', required: true },
];

interface Props {
  /** the list's area filter, else the user's own area (not 全国: a zone belongs to a real area) */
  areaId?: string;
  others: readonly Forbid[];
  /** after the zones are saved: the list refreshes */
  onSaved: () => unknown;
  onClose: () => void;
}

export default function ZoneImport({ areaId, others, onSaved, onClose }: Props) {
  const userArea = useSession((s) => s.user?.areaId);
  const area = areaId || (userArea === '000000' ? undefined : userArea);
  const rings = useMemo(() => others.map((z) => z.fence), [others]);
  return (
    <GeoImportDialog<ZoneImportValues>
      title="导入禁停区域（GeoJSON）"
      noun="禁停区"
      fields={FIELDS}
      initialValues={{ type: '1', areaId: area }}
      others={rings}
      areaOf={(v) => v.areaId}
      holes
      save={(g, v) => importForbid({ alias: g.name, type: Number(v.type) as 0 | 1, serial: g.serial, areaId: v.areaId, fence: g.ring, holes: g.holes })}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
