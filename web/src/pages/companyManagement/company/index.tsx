/**
 * 企业信息 (企业管理 › company): the enterprises registered or operating in the area, filtered by
 * name (and area for area users) in the URL; 详情 opens every field with its documents and
 * maintainers; 新增 / 编辑 / 删除 with 109 (删除 is refused while the enterprise has bikes: the
 * server says how many). A generated open-API password is shown once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CrudTab, defineCrud, tellFailure } from '../../../components/desk';
import { maskMobile } from '../../../lib/mask';
import PasswordOnce, { type ShownPassword } from '../../systemSettings/PasswordOnce';
import EnterpriseDetailDrawer from './EnterpriseDetail';
import { type Enterprise, type Values, enterpriseForm } from './EnterpriseForm';
import { MAINTAINERS } from './maintainers';
import { type EnterpriseKey, deleteEnterprise, fetchEnterpriseDetail, fetchEnterpriseList } from './service';
import './company.css';

const n = (v: number) => v.toLocaleString('zh-CN');

const enterpriseSpec = (form: ReturnType<typeof enterpriseForm>) =>
  defineCrud<Enterprise, EnterpriseKey, Values>({
    key: 'company',
    rowKey: 'brandId',
    list: fetchEnterpriseList,
    areaFilter: true,
    filters: [{ name: 'brandName', label: '品牌名称', type: 'input' }],
    columns: [
      { title: '品牌名称', dataIndex: 'brandName', width: 120, ellipsis: true },
      { title: '运营企业', dataIndex: 'brandOperation', width: 190, ellipsis: true, render: (v: string) => v || '—' },
      { title: '企业账号', dataIndex: 'brandAccount', width: 120, ellipsis: true },
      { title: '联系人', dataIndex: 'brandContactPerson', width: 90, render: (v: string | null) => v || '—' },
      { title: '联系电话', dataIndex: 'brandContactMobile', width: 120, render: (v: string | null) => maskMobile(v) || '—' },
      { title: '登记区域', dataIndex: 'areaIdText', width: 100 },
      { title: '投放区域', dataIndex: 'launchAreaText', width: 140, ellipsis: true, render: (v: string) => v || '—' },
      { title: '运营区域', dataIndex: 'operationAreaIdText', width: 140, ellipsis: true, render: (v: string) => v || '—' },
      { title: '备案自行车', dataIndex: 'brandBikeNum', width: 90, align: 'right', render: n },
      { title: '备案电动车', dataIndex: 'brandEBikeNum', width: 90, align: 'right', render: n },
      { title: '运维人员数', dataIndex: 'brandOperationNum', width: 90, align: 'right' },
      { title: '创建时间', dataIndex: 'createTime', width: 170 },
    ],
    actionsWidth: 150,
    actions: (r, kit) => [
      { label: '详情', onClick: () => kit.show(r) },
      // the form needs every document (the list carries two): the detail first
      { ...kit.editAction(r), onClick: () => fetchEnterpriseDetail(r.brandId, kit.filters.selfAreaId).then(kit.edit, tellFailure) },
      {
        label: '删除',
        danger: true,
        hidden: !kit.canEdit,
        confirm: `确定要删除企业“${r.brandName}”吗？删除后其开放接口账号立即失效。`,
        // the server's refusal (该企业还有 n 辆车…) is told
        onClick: () => kit.run(() => deleteEnterprise(r.brandId, kit.filters.selfAreaId), '企业已删除'),
      },
    ],
    detail: (r, close, kit) => (
      <EnterpriseDetailDrawer brandId={r?.brandId ?? null} selfAreaId={kit.filters.selfAreaId} canEdit={kit.canEdit} onClose={close} onEdit={kit.edit} />
    ),
    form,
    permissions: { edit: 'company.edit' },
    // the detail, the enterprise filters of the other screens, and the maintainers (their 品牌)
    refreshes: [['company'], ['desk', MAINTAINERS]],
  });

export default function Company() {
  const client = useQueryClient();
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const spec = useMemo(
    () =>
      enterpriseSpec(
        enterpriseForm(
          (brandName, account, password) =>
            setShown({
              who: brandName,
              password,
              title: '开放接口密码',
              label: `“${brandName}”的开放接口账号 ${account} 的密码：`,
              warning: '密码只显示这一次（服务端只保存其哈希），请立即复制并安全转交企业；遗失后只能重新生成',
            }),
          // the colours of the enterprises listed: a new one's default keeps away from them
          () =>
            client
              .getQueriesData<{ lists?: Array<{ bikeColor?: string | null; ebikeColor?: string | null }> }>({ queryKey: ['desk', 'company'] })
              .flatMap(([, data]) => data?.lists ?? [])
              .flatMap((row) => [row.bikeColor, row.ebikeColor]),
        ),
      ),
    [client],
  );
  return (
    <>
      <CrudTab spec={spec} />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
