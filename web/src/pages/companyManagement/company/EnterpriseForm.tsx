/**
 * The form of 企业信息's declaration (新增企业 / 编辑企业: every field of spec §3 Brand company). Its
 * values are createEnterprise's body but for the open-API password, a mode (keep, generate — the
 * server's, shown once —, or set by hand), and the five documents, uploaded as files (purpose
 * document) whose address and name go in the body. Launch and operation areas come from the
 * editor's own area tree. Each field takes the server's bounds of that body (rulesOf).
 */
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Form, type FormInstance, Input, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState } from 'react';
import { SERVER_RULES } from '../../../api/rules.gen';
import { toast } from '../../../app/feedback';
import type { CrudForm, Field } from '../../../components/desk';
import AreaSelect from '../../../components/desk/AreaSelect';
import { UploadLink, uploadFile } from '../../../components/uploads';
import { newBrandColors } from '../../../lib/brand';
import { ACCEPT, MAX_MB } from '../../../components/uploads/service';
import { type EnterpriseDetail, type EnterpriseInput, type EnterpriseRow, saveEnterprise } from './service';

/** One uploaded document as a form value. */
interface Doc {
  url: string;
  name: string;
  type?: string;
}

/** A single document: 上传 (replacing the one there), open it, remove it. */
function DocumentUpload({ value, onChange, id, label }: { value?: Doc | null; onChange?: (v: Doc | null) => void; id?: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const add = async (file: File) => {
    setBusy(true);
    try {
      const up = await uploadFile(file, 'document');
      onChange?.({ url: up.url, name: up.name, type: up.type });
    } catch (err) {
      void toast().error(`${file.name}：${err instanceof Error ? err.message : '上传失败'}`, 5);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div id={id} className="company-doc">
      <Upload
        accept={ACCEPT.document}
        showUploadList={false}
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>
          {value ? '重新上传' : '上传文件'}
        </Button>
      </Upload>
      {value ? (
        <Space size={0} className="company-doc-file">
          <UploadLink url={value.url} name={value.name} type={value.type} />
          <Button type="text" size="small" aria-label={`移除${label}`} icon={<CloseOutlined />} onClick={() => onChange?.(null)} />
        </Space>
      ) : (
        <span className="upload-hint"> PDF、Word、Excel、图片，不超过 {MAX_MB} MB</span>
      )}
    </div>
  );
}

function Color({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  return (
    <span id={id}>
      <ColorPicker value={value} onChangeComplete={(c) => onChange?.(c.toHexString())} showText disabledAlpha />
    </span>
  );
}

type PasswordMode = 'keep' | 'generate' | 'manual';

/** The five documents: form name, label, the body's address field and its name field. */
const DOCS = [
  { name: 'brandApproval', label: '政府批准文件', url: 'brandApprovalUrl', nameField: 'brandApprovalName' },
  { name: 'other', label: '其他证明文件', url: 'otherUrl', nameField: 'otherName' },
  { name: 'maintainPerson', label: '运维人员信息', url: 'maintainPersonUrl', nameField: null },
  { name: 'bicycle', label: '自行车信息', url: 'bicycleUrl', nameField: null },
  { name: 'electricVehicle', label: '电动车信息', url: 'electricVehicleUrl', nameField: null },
] as const;
type DocSpec = (typeof DOCS)[number];

/** The body's fields the form edits as the server has them. */
const KEPT = [
  'brandName',
  'brandOperation',
  'brandAccount',
  'brandContactPerson',
  'brandContactMobile',
  'brandAddress',
  'brandOperationNum',
  'areaId',
  'launchArea',
  'operationAreaId',
  'bikeColor',
  'ebikeColor',
] as const;

/** The form's values: the body's fields, but the password's mode and the documents as files. */
export type Values = Pick<EnterpriseInput, (typeof KEPT)[number] | 'brandPassword'> & { passwordMode: PasswordMode } & { [D in DocSpec['name']]?: Doc | null };

/** What 编辑 opens: the enterprise's detail (every document; the list's row carries two). */
export type Enterprise = EnterpriseRow & Partial<EnterpriseDetail>;

const SAVE = '/api/company/createEnterprise';
/** 联系电话: the server's pattern, in the words the screen has always used (with an example). */
const MOBILE_RULE: Rule = { pattern: new RegExp(SERVER_RULES[SAVE].brandContactMobile.pattern), message: '请输入 11 位手机号或固定电话（如 010-12345678）' };
/** The open-API password: its length up to 64 is the schema's; at least 8 with letters and digits, the server's service checks. */
const OPEN_PASSWORD_RULE: Rule = {
  validator: async (_, v: unknown) => {
    const s = typeof v === 'string' ? v : '';
    if (!s) return;
    if (s.length < 8) throw new Error('密码为 8-64 位');
    if (!/[A-Za-z]/.test(s) || !/\d/.test(s)) throw new Error('密码需同时包含字母和数字');
  },
};

/** The fields; the password's own field only when it is set by hand. */
function useEnterpriseFields(row: Enterprise | null, form: FormInstance<Values>): Field[] {
  const mode = (Form.useWatch('passwordMode', form) as PasswordMode | undefined) ?? (row ? 'keep' : 'generate');
  return useMemo(() => {
    const modes = [
      ...(row ? [{ value: 'keep', label: '不修改' }] : []),
      { value: 'generate', label: row ? '重新生成（保存后显示一次）' : '自动生成（保存后显示一次）' },
      { value: 'manual', label: '手动设置' },
    ];
    const fields: Field[] = [
      { name: 'brandName', label: '品牌名称', type: 'input', required: true },
      { name: 'brandOperation', label: '运营企业', type: 'input' },
      { name: 'brandAccount', label: '企业账号（开放接口）', type: 'input', required: true },
      { name: 'passwordMode', label: '开放接口密码', type: 'select', required: true, options: modes },
    ];
    if (mode === 'manual') {
      fields.push({
        name: 'brandPassword',
        label: '密码',
        type: 'custom',
        required: true,
        rules: [OPEN_PASSWORD_RULE],
        extra: '至少 8 位，含字母和数字；只保存其哈希，之后不能再查看',
        render: (p) => <Input.Password {...p} value={p.value as string} autoComplete="new-password" placeholder="请输入密码" />,
      });
    }
    fields.push(
      { name: 'brandContactPerson', label: '联系人', type: 'input' },
      { name: 'brandContactMobile', label: '联系电话', type: 'input', rules: [MOBILE_RULE] },
      { name: 'brandAddress', label: '企业地址', type: 'input' },
      { name: 'brandOperationNum', label: '运维人员数量', type: 'number', rules: [{ type: 'integer', message: '请输入整数' }] },
      { name: 'areaId', label: '登记区域', type: 'area', required: true },
      { name: 'launchArea', label: '投放区域', type: 'custom', render: (p) => <AreaSelect multiple {...(p as object)} placeholder="请选择投放区域" /> },
      { name: 'operationAreaId', label: '运营区域', type: 'custom', render: (p) => <AreaSelect multiple {...(p as object)} placeholder="请选择运营区域" /> },
      { name: 'bikeColor', label: '自行车显示颜色', type: 'custom', render: (p) => <Color {...(p as object)} /> },
      { name: 'ebikeColor', label: '电动车显示颜色', type: 'custom', render: (p) => <Color {...(p as object)} /> },
      ...DOCS.map((d): Field => ({ name: d.name, label: d.label, type: 'custom', render: (p) => <DocumentUpload {...(p as object)} label={d.label} /> })),
    );
    return fields;
  }, [row, mode]);
}

function pick<T, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = o[k];
  return out;
}

const docOf = (d: Enterprise, x: DocSpec): Doc | null => {
  const url = d[x.url];
  if (!url) return null;
  const known = d.documents?.find((f) => f.url === url);
  return { url, name: (x.nameField && d[x.nameField]) || known?.name || '查看文件', type: known?.type };
};

/** `used`: the display colours of the enterprises shown, which a new one's default keeps away from. */
export function initialValuesOf(d: Enterprise | null, areaId: string | undefined, used: readonly (string | null | undefined)[] = []): Partial<Values> {
  if (!d) {
    // a district editor's enterprise launches and operates there; a national one picks its areas
    const own = areaId && areaId !== '000000' ? [areaId] : [];
    return { passwordMode: 'generate', areaId, launchArea: own, operationAreaId: own, ...newBrandColors(used) };
  }
  return { ...pick(d, KEPT), passwordMode: 'keep', ...Object.fromEntries(DOCS.map((x) => [x.name, docOf(d, x)])) };
}

const t = (s: string | null | undefined) => s?.trim() ?? '';

/** The request body of the form's values (blank texts and removed documents clear the field). */
export function bodyOf(v: Values, brandId?: number): EnterpriseInput {
  const body: EnterpriseInput = {
    ...(brandId ? { brandId } : {}),
    // as the server has them, but texts trimmed and blanks cleared
    ...pick(v, KEPT),
    brandName: t(v.brandName),
    brandOperation: t(v.brandOperation),
    brandAccount: t(v.brandAccount),
    brandContactPerson: t(v.brandContactPerson),
    brandContactMobile: t(v.brandContactMobile),
    brandAddress: t(v.brandAddress),
    brandOperationNum: v.brandOperationNum ?? 0,
    launchArea: v.launchArea ?? [],
    operationAreaId: v.operationAreaId ?? [],
    ...(v.passwordMode === 'generate' ? { generatePassword: true } : v.passwordMode === 'manual' ? { brandPassword: v.brandPassword } : {}),
  };
  for (const d of DOCS) {
    const doc = v[d.name];
    body[d.url] = doc?.url ?? '';
    if (d.nameField) body[d.nameField] = doc?.name ?? '';
  }
  return body;
}

/**
 * The form of the declaration: saved in the list's area; a password the server generated is shown
 * once (`onPassword`); the declaration's `refreshes` reload what else shows the enterprise.
 */
export const enterpriseForm = (
  onPassword: (brandName: string, account: string, password: string) => void,
  usedColors: () => readonly (string | null | undefined)[] = () => [],
): CrudForm<Enterprise, Values> => ({
  noun: '企业',
  title: (row) => (row ? `编辑企业：${row.brandName}` : '新增企业'),
  created: '企业已新增',
  updated: '企业信息已保存',
  rulesOf: SAVE,
  dialog: { drawer: true, width: 760, className: 'company-form', okText: '保存' },
  useFields: useEnterpriseFields,
  initial: (row, areaId) => initialValuesOf(row, areaId, row ? [] : usedColors()),
  save: async (v, row, areaId) => {
    const saved = await saveEnterprise(bodyOf(v, row?.brandId), areaId);
    if (saved.brandPassword) onPassword(t(v.brandName), t(v.brandAccount), saved.brandPassword);
  },
});
