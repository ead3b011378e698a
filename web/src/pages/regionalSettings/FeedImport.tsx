/**
 * 导入外部站点 (区域设置 · 外部站点, issue 32 point 4): another system's GBFS stations into an area,
 * from its discovery file's address (GBFS 2.x or 3.0 gbfs.json; the server reads it now, then again
 * by its ttl) or from a station_information + station_status pair of files. Each picked file is read
 * here and summed up (version, stations) before sending; a feed the server refuses keeps the dialog
 * open with its reason, which names the field (station_status.data.stations[3].num_bikes_available 为负数).
 */
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Upload } from 'antd';
import { useState } from 'react';
import { RequestError } from '../../app/request';
import { useSession } from '../../app/session/store';
import { type Field, FormDialog, serverField, serverRules } from '../../components/desk';
import { importFeedFiles, importFeedUrl } from './feedService';

/** A file picked: its name, its text, and what it looks like. */
interface Picked {
  name: string;
  text: string;
  /** 「GBFS 2.3 · 30 个站点」 or why it is not a GBFS file */
  summary: string;
  ok: boolean;
}

interface Values {
  name: string;
  areaId: string;
  source: 'file' | 'url';
  url?: string;
  stationInformation?: Picked;
  stationStatus?: Picked;
}

const FILES = '/api/externalFeed/files';
const MAX_TEXT = serverField(FILES, 'stationInformation').maxLength;

/** What a picked file holds, read before sending (the server checks it field by field). */
export function summarize(text: string): Pick<Picked, 'summary' | 'ok'> {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return { ok: false, summary: '不是有效的 JSON 文件' };
  }
  const d = doc as { version?: unknown; data?: { stations?: unknown } };
  const stations = Array.isArray(d?.data?.stations) ? `${d.data.stations.length} 个站点` : '没有 data.stations';
  return { ok: true, summary: `GBFS ${typeof d?.version === 'string' ? d.version : '（无版本）'} · ${stations}` };
}

function FilePick({ value, onChange, id, testId }: { value?: Picked; onChange?: (v: Picked) => void; id?: string; testId: string }) {
  return (
    <div className="feed-file" data-testid={testId}>
      <Upload
        accept=".json,application/json"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then((text) => onChange?.({ name: file.name, text, ...summarize(text) }));
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined />}>
          选择文件
        </Button>
      </Upload>
      {value ? (
        <span className={value.ok ? 'feed-file-name' : 'feed-file-bad'}>
          {value.name}：{value.summary}
        </span>
      ) : (
        <span className="feed-file-none">未选择</span>
      )}
    </div>
  );
}

const fileRule = (label: string) => ({
  validator: async (_: unknown, v?: Picked) => {
    if (!v) throw new Error(`请选择 ${label} 文件`);
    if (v.text.length > MAX_TEXT) throw new Error(`${label} 文件过大（超过 ${Math.round(MAX_TEXT / 1_000_000)} MB）`);
  },
});

const fileField = (name: 'stationInformation' | 'stationStatus', label: string, extra: string): Field => ({
  name,
  label,
  type: 'custom',
  extra,
  rules: [fileRule(label)],
  render: (p) => <FilePick {...p} value={p.value as Picked | undefined} testId={`feed-${name}`} />,
});

interface Props {
  /** the list's area filter, else the user's own area (not 全国: a feed belongs to a real area) */
  areaId?: string;
  /** after an import: the list refreshes */
  onSaved: () => unknown;
  onClose: () => void;
}

export default function FeedImport({ areaId, onSaved, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const userArea = useSession((s) => s.user?.areaId);
  const source = Form.useWatch('source', form) ?? 'file';
  const fields: Field[] = [
    ...(refusal
      ? [
          {
            name: 'refusal',
            label: '',
            type: 'custom',
            render: () => <Alert type="error" showIcon title="未导入，数据有误" description={refusal} data-testid="feed-refusal" />,
          } satisfies Field,
        ]
      : []),
    { name: 'name', label: '名称', type: 'input', required: true, placeholder: '如：邻市公共自行车', rules: serverRules(FILES, 'name', '名称') },
    { name: 'areaId', label: '所属区域', type: 'area', required: true, extra: '本区域及上级区域的大屏显示这些站点' },
    {
      name: 'source',
      label: '来源',
      type: 'select',
      required: true,
      options: [
        { value: 'file', label: '上传文件（station_information + station_status）' },
        { value: 'url', label: '发现文件地址（gbfs.json，按 ttl 自动刷新）' },
      ],
    },
    ...(source === 'url'
      ? [
          {
            name: 'url',
            label: '发现文件地址',
            type: 'input',
            required: true,
            placeholder: 'https://…/gbfs.json',
            extra: 'GBFS 2.x（按语言列出，优先中文、英文）或 3.0 的 gbfs.json；平台读取其 station_information 与 station_status',
            rules: serverRules('/api/externalFeed/url', 'url', '地址'),
          } satisfies Field,
        ]
      : [
          fileField('stationInformation', 'station_information', '站点位置与名称（GBFS 2.x 或 3.0）'),
          fileField('stationStatus', 'station_status', '同一系统的站点状态：可借车辆、可还车位'),
        ]),
  ];
  const submit = async (v: Values) => {
    setRefusal(null);
    const common = { name: v.name.trim(), areaId: v.areaId };
    try {
      await (v.source === 'url'
        ? importFeedUrl({ ...common, url: v.url!.trim() })
        : importFeedFiles({ ...common, stationInformation: v.stationInformation!.text, stationStatus: v.stationStatus!.text }));
      await onSaved();
    } catch (err) {
      if (err instanceof RequestError && err.handled) throw err; // signed out: already told
      setRefusal(err instanceof Error ? err.message : '导入失败');
      throw new RequestError('', 'bad-input', true); // shown in the dialog, which stays open
    }
  };
  return (
    <FormDialog<Values>
      open
      form={form}
      title="导入外部站点（GBFS）"
      width={640}
      className="feed-import-dialog"
      fields={fields}
      initialValues={{ source: 'file', areaId: areaId || (userArea === '000000' ? undefined : userArea) }}
      okText="导入"
      success="外部站点已导入，大屏地图的“外部站点”图层显示这些站点"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
