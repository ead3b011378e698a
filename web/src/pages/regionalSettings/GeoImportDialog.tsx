/**
 * 导入 GeoJSON (issue 12, issue 32 point 5): a file picked (or text pasted: GeoJSON, MDS Geography,
 * GBFS geofencing_zones) is read in the chosen coordinate system (geojson.ts); what 保存 will save
 * (importPlan.ts) is previewed on the map (fitted, labelled, holes drawn), the rest listed with their
 * reasons: refused features, holes the target cannot keep, shapes far from the chosen area (saved only
 * when the user ticks the box naming the distance), more than the target holds. 保存 saves exactly the
 * count it shows, one call each through the caller's `save`. Saved polygons leave the preview, failed
 * ones stay listed with the server's message.
 */
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { FormDialog, type Field, optionsOf } from '../../components/desk';
import type { LonLat, MapShape } from '../../components/deskMap/types';
import { MAP } from '../../lib/constants';
import { COORD_SYS, type CoordSys, type GeoPolygon, MAX_FEATURES, MAX_FILE_VERTICES, MAX_TEXT, parseGeoJson } from './geojson';
import type { NearArea } from './geoNear';
import { type ImportRules, keyOf, planImport } from './importPlan';
import { fetchArea, fetchAreaSites, fetchRails } from './service';
import { boxOf, centreOfBox } from './zoneGeo';
import './geoImport.css';

const DeskMap = lazy(() => import('../../components/deskMap/DeskMap'));

/** Calls at once while saving (the server checks and stores each polygon). */
const PARALLEL = 4;
const PREVIEW_COLOR = '#1677ff';
const SKIPPED_COLOR = '#8c8c8c';

export type ImportValues<V> = V & { crs: CoordSys };

interface Props<V extends object> {
  title: string;
  /** what one polygon becomes, for the texts (禁停区, 运营区域) */
  noun: string;
  /** the caller's fields (e.g. 类型, 所属区域), below 坐标系 */
  fields: readonly Field[];
  initialValues?: Partial<V>;
  /** saves one polygon; rejects with the server's message */
  save: (p: GeoPolygon, values: ImportValues<V>) => Promise<unknown>;
  /** rings already stored, drawn grey beneath */
  others?: readonly (readonly LonLat[])[];
  /** the area the polygons go to, from the dialog's values (shapes far from its fences and sites need a confirmation) */
  areaOf: (values: Partial<ImportValues<V>>) => string | undefined;
  /** the target keeps holes (forbidden zones); otherwise a polygon with holes is not saved */
  holes?: boolean;
  /** at most this many are saved, and why (an area's one operating fence) */
  limit?: (values: Partial<ImportValues<V>>) => ImportRules['limit'];
  /** after a save round (some or all saved): refresh the list */
  onSaved: () => unknown;
  onClose: () => void;
}

/** The area's name and the points it is known by (its and its sub-areas' operating fences, its sites). */
async function nearArea(areaId: string): Promise<NearArea> {
  const [area, rails, sites] = await Promise.all([fetchArea(areaId), fetchRails(areaId), fetchAreaSites(areaId)]);
  return { name: area.areaName, points: [...rails.flatMap((r) => r.gpsRail), ...sites.map((s) => ({ lon: s.siteLon, lat: s.siteLat }))] };
}

interface Source {
  name: string;
  text: string;
}

/** Runs `work` over the items, PARALLEL at a time; answers the error message (or null) of each. */
async function eachLimited<T>(items: readonly T[], work: (t: T) => Promise<unknown>, onDone: () => void): Promise<(string | null)[]> {
  const out: (string | null)[] = new Array(items.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      try {
        await work(items[k]);
      } catch (err) {
        out[k] = err instanceof Error && err.message ? err.message : '保存失败';
      }
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return out;
}

export default function GeoImportDialog<V extends object>(p: Props<V>) {
  const [form] = Form.useForm<ImportValues<V>>();
  const values = Form.useWatch((v: Partial<ImportValues<V>>) => v, form) ?? ({} as Partial<ImportValues<V>>);
  const crs: CoordSys = values.crs ?? 'gcj02';
  const areaId = p.areaOf(values);
  const near = useQuery({ queryKey: ['regional', 'geoNear', areaId], queryFn: () => nearArea(areaId!), enabled: !!areaId, staleTime: 60_000 });
  const [farConfirmed, setFarConfirmed] = useState(false);
  const limit = p.limit?.(values) ?? null;
  const [source, setSource] = useState<Source | null>(null);
  const [pasted, setPasted] = useState('');
  const [readError, setReadError] = useState<string | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlyMap<string, string>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const parsed = useMemo(() => (source ? parseGeoJson(source.text, crs) : null), [source, crs]);
  const plan = useMemo(
    () => planImport(parsed?.polygons.filter((g) => !saved.has(keyOf(g))) ?? [], { near: near.data ?? null, holes: !!p.holes, limit, farConfirmed }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the limit by its values, not its identity
    [parsed, saved, near.data, p.holes, limit?.count, limit?.reason, farConfirmed],
  );
  const pending = plan.save;
  const shapes = useMemo<MapShape[]>(
    () => [
      ...pending.map((g) => ({ id: keyOf(g), ring: g.ring, holes: g.holes, color: failed.has(keyOf(g)) ? '#f5222d' : PREVIEW_COLOR, label: g.name })),
      ...plan.skipped.map(({ polygon: g }) => ({ id: keyOf(g), ring: g.ring, holes: g.holes, color: SKIPPED_COLOR, label: `${g.name}（不保存）` })),
    ],
    [pending, plan.skipped, failed],
  );
  // the view fits what will be saved, else what was read (a new array only when they change)
  const fit = useMemo(() => {
    const b = boxOf((pending.length ? pending : plan.skipped.map((x) => x.polygon)).map((g) => g.ring));
    return b
      ? [
          { lon: b.west, lat: b.south },
          { lon: b.east, lat: b.north },
        ]
      : null;
  }, [pending, plan.skipped]);
  const [centre] = useState(() => {
    const b = boxOf(p.others ?? []);
    return b ? centreOfBox(b) : MAP.center;
  });

  const load = (next: Source | null) => {
    setSource(next);
    setSaved(new Set());
    setFailed(new Map());
    setFarConfirmed(false);
  };
  const pick = async (f: File | undefined) => {
    if (!f) return;
    setReadError(null);
    setPasted('');
    if (f.size > MAX_TEXT) {
      load(null);
      setReadError(`文件 ${f.name} 过大（${Math.round(f.size / 1024)} KB）：最多 ${MAX_FEATURES} 个要素、${MAX_FILE_VERTICES.toLocaleString('en-US')} 个顶点`);
      return;
    }
    try {
      load({ name: f.name, text: await f.text() });
    } catch {
      load(null);
      setReadError(`无法读取文件 ${f.name}`);
    }
  };

  const submit = async (values: ImportValues<V>) => {
    if (!parsed || parsed.fatal) throw new Error(parsed?.fatal ?? '请先选择 GeoJSON 文件或粘贴内容');
    if (!pending.length) throw new Error(`没有可保存的${p.noun}：${plan.skipped.length ? '其余的不保存，原因见检查结果' : '文件中的要素都有错误'}`);
    const round = pending;
    setProgress({ done: 0, total: round.length });
    let errors: (string | null)[];
    try {
      errors = await eachLimited(
        round,
        (g) => p.save(g, values),
        () => setProgress((x) => x && { ...x, done: x.done + 1 }),
      );
    } finally {
      setProgress(null);
    }
    const ok = round.filter((_, k) => !errors[k]);
    const bad = new Map(round.flatMap((g, k) => (errors[k] ? [[keyOf(g), errors[k]!] as const] : [])));
    setSaved((s) => new Set([...s, ...ok.map(keyOf)]));
    setFailed(bad);
    if (ok.length) await p.onSaved();
    if (bad.size) throw new Error(`已保存 ${ok.length} 个${p.noun}，${bad.size} 个保存失败（原因见检查结果）`);
  };

  const good = pending.length;
  const results = (
    <div className="geo-import-results" data-testid="geo-import-results">
      {readError && <Alert type="error" showIcon title={readError} />}
      {!parsed && !readError && <Typography.Text type="secondary">选择文件或粘贴 GeoJSON 后在此显示检查结果</Typography.Text>}
      {parsed?.fatal && <Alert type="error" showIcon title={parsed.fatal} />}
      {parsed && !parsed.fatal && (
        <>
          <Typography.Text data-testid="geo-import-summary">
            共 {parsed.features} 个要素：{good} 个{p.noun}待保存
            {saved.size ? `，已保存 ${saved.size} 个` : ''}
            {plan.skipped.length ? `，${plan.skipped.length} 个不保存` : ''}
            {parsed.problems.length ? `，${parsed.problems.length} 处错误（不会保存）` : ''}
          </Typography.Text>
          {plan.far.length > 0 && (
            <Checkbox checked={farConfirmed} onChange={(e) => setFarConfirmed(e.target.checked)} data-testid="geo-import-far">
              {`仍然保存 ${plan.far.length} 个远离所选区域的多边形（${plan.far.reduce((m, x) => (x.km > m.km ? x : m)).text}）`}
            </Checkbox>
          )}
          {(parsed.problems.length > 0 || failed.size > 0 || plan.skipped.length > 0) && (
            <ul className="geo-import-problems" aria-label="错误列表">
              {parsed.problems.map((x, k) => (
                <li key={`p${k}`}>
                  <Typography.Text type="danger">{x.message}</Typography.Text>
                  <Typography.Text type="secondary">（{x.name}）</Typography.Text>
                </li>
              ))}
              {plan.skipped.map(({ polygon: g, reason }) => (
                <li key={`s${keyOf(g)}`}>
                  <Typography.Text type="warning">
                    {g.name}：{reason}
                  </Typography.Text>
                </li>
              ))}
              {pending
                .filter((g) => failed.has(keyOf(g)))
                .map((g) => (
                  <li key={keyOf(g)}>
                    <Typography.Text type="danger">
                      {g.name}：保存失败，{failed.get(keyOf(g))}
                    </Typography.Text>
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
    </div>
  );

  const fields: Field[] = [
    { name: 'crs', label: '坐标系', type: 'select', required: true, options: optionsOf(COORD_SYS), extra: '文件中坐标的坐标系；WGS-84 保存前转换为 GCJ-02' },
    ...p.fields,
    { name: '_results', label: '检查结果', type: 'display', render: () => results },
  ];

  return (
    <FormDialog<ImportValues<V>>
      open
      form={form}
      title={p.title}
      width={1120}
      className="geo-import-dialog"
      fields={fields}
      initialValues={{ crs: 'gcj02', ...p.initialValues } as Partial<ImportValues<V>>}
      okText={good ? `保存 ${good} 个` : '保存'}
      success={`已导入 ${good} 个${p.noun}`}
      onSubmit={submit}
      onClose={p.onClose}
      aside={
        <div className="geo-import">
          <div className="geo-import-bar">
            <Space wrap>
              <Button icon={<UploadOutlined />} onClick={() => file.current?.click()}>
                选择文件
              </Button>
              <Typography.Text type="secondary" data-testid="geo-import-file">
                {source?.name ?? '支持 .geojson / .json：GeoJSON（可带内洞）、MDS Geography、GBFS geofencing_zones'}
              </Typography.Text>
            </Space>
            {progress && <Typography.Text>{`正在保存 ${progress.done} / ${progress.total}`}</Typography.Text>}
          </div>
          <input
            ref={file}
            type="file"
            hidden
            accept=".geojson,.json,application/geo+json,application/json"
            aria-label="GeoJSON 文件"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Input.TextArea
            aria-label="粘贴 GeoJSON"
            rows={2}
            value={pasted}
            placeholder={`或把 GeoJSON 粘贴到这里（每个文件最多 ${MAX_FEATURES} 个要素、${MAX_FILE_VERTICES.toLocaleString('en-US')} 个顶点）`}
            onChange={(e) => {
              setPasted(e.target.value);
              setReadError(null);
              load(e.target.value.trim() ? { name: '粘贴的内容', text: e.target.value } : null);
            }}
          />
          <Suspense fallback={<Spin className="regional-map-loading" />}>
            <DeskMap center={centre} backdrop={false} zoom={13} height={420} polygons={p.others} shapes={shapes} fit={fit} />
          </Suspense>
        </div>
      }
    />
  );
}
