import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Space } from 'antd';
import { RequestError } from '../../../app/request';
import { UploadLink } from '../../../components/uploads';
import { maskMobile } from '../../../lib/mask';
import { useHomeArea, useHomePermissions } from '../hooks';
import QueryState from '../parts/QueryState';
import { fetchBrandInfo, fetchEnterprise } from '../service';
import type { EnterpriseDetail } from '../types';
import './dialogs.css';

const MISSING_ENTERPRISE = '企业信息不存在！';

/** The enterprise's documents and the warning when one is missing (spec §5). */
const FILES = [
  { type: 1 as const, key: 'maintainPersonUrl' as const, label: '运维人员信息', missing: '运维人员信息不存在！' },
  { type: 2 as const, key: 'bicycleUrl' as const, label: '自行车信息', missing: '自行车信息不存在！' },
  { type: 3 as const, key: 'electricVehicleUrl' as const, label: '电动车信息', missing: '电动车信息不存在！' },
];

/** A document opened through the session (fetched with the token into a blob: URL; /uploads/… refuses a bare link). */
function FileLink({ url, name }: { url: string | null; name: string | null }) {
  return url ? <UploadLink url={url} name={name || '查看文件'} /> : <span>暂无</span>;
}

function rows(d: EnterpriseDetail) {
  const none = (v: string | null | undefined) => v || '暂无';
  return [
    { key: 'brandName', label: '品牌名称', children: d.brandName },
    { key: 'brandOperation', label: '运营企业', children: none(d.brandOperation) },
    { key: 'brandAccount', label: '企业账号', children: d.brandAccount },
    { key: 'contact', label: '联系人', children: none(d.brandContactPerson) },
    { key: 'mobile', label: '联系电话', children: none(maskMobile(d.brandContactMobile)) },
    { key: 'address', label: '企业地址', children: none(d.brandAddress) },
    { key: 'ops', label: '运维人员数', children: d.brandOperationNum },
    { key: 'bikes', label: '备案自行车', children: d.brandBikeNum },
    { key: 'ebikes', label: '备案电动车', children: d.brandEBikeNum },
    { key: 'area', label: '注册区域', children: none(d.areaIdText) },
    { key: 'launch', label: '投放区域', children: none(d.launchAreaText) },
    { key: 'operation', label: '运营区域', children: none(d.operationAreaIdText) },
    { key: 'approval', label: '政府批文', children: <FileLink url={d.brandApprovalUrl} name={d.brandApprovalName} /> },
    { key: 'other', label: '其他证明', children: <FileLink url={d.otherUrl} name={d.otherName} /> },
    { key: 'created', label: '创建时间', children: none(d.createTime) },
  ];
}

/**
 * Brand / company detail: GET /api/company/getEnterpriseInfoById for users of 企业管理, else
 * GET /api/dashboard/brandInfo (home permission). 企业信息不存在！ when there is no detail.
 * A document that exists opens through the session (UploadLink); a missing one warns (spec §5),
 * for users of 企业管理 through getEnterpriseInfoById with its type (the server's 400 and message).
 */
export default function BrandDetail({ brandId }: { brandId: number }) {
  const { area, ready } = useHomeArea();
  const perms = useHomePermissions();
  const { message } = App.useApp();
  const q = useQuery({
    queryKey: ['home', 'enterprise', area, brandId, perms.company],
    queryFn: () => (perms.company ? fetchEnterprise(area, brandId) : fetchBrandInfo(area, brandId)),
    enabled: ready,
    retry: false,
  });
  const missing = q.isError && q.error instanceof RequestError && q.error.kind === 'bad-input';
  if (missing || (q.isSuccess && !q.data)) return <div className="hp-state hp-state-empty dlg-missing">{MISSING_ENTERPRISE}</div>;

  const warnMissing = async (f: (typeof FILES)[number]) => {
    // 企业管理的用户：服务端检查文件是否存在（不存在时返回 400 与提示，由请求层提示）
    if (perms.company) await fetchEnterprise(area, brandId, f.type).catch(() => null);
    else void message.warning(f.missing);
  };

  return (
    <QueryState query={q}>
      {q.data ? (
        <>
          <Descriptions bordered size="small" column={2} items={rows(q.data)} styles={{ label: { width: 110, whiteSpace: 'nowrap' } }} />
          <Space style={{ marginTop: 16 }} wrap>
            {FILES.map((f) => {
              const url = q.data?.[f.key];
              return url ? (
                <span key={f.type} className="dlg-file">
                  <UploadLink url={url} name={`${f.label}.${url.split('.').pop()}`} />
                </span>
              ) : (
                <Button key={f.type} icon={<FileTextOutlined />} onClick={() => void warnMissing(f)}>
                  {f.label}
                </Button>
              );
            })}
          </Space>
        </>
      ) : null}
    </QueryState>
  );
}
