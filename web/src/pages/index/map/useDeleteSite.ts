/** The info window's 删除站点: a warm reminder, the call, then the site leaves every cached site list of the area. */
import { useQueryClient } from '@tanstack/react-query';
import type { Modal } from 'antd';
import { toast } from '../../../app/feedback';
import { RequestError } from '../../../app/request';
import { deleteSite } from './service';
import type { DashboardData } from '../types';
import { mapKeys } from './useMapData';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

export interface DeletedSite {
  siteId: string;
  siteName: string;
  areaId: string;
}

/** Returns the confirm-then-delete action; `onDeleted` runs after a successful delete. */
export function useDeleteSite(areaId: string, modal: ModalApi, onDeleted: (siteId: string) => void) {
  const qc = useQueryClient();
  return (site: DeletedSite) => {
    modal.confirm({
      title: '温馨提示',
      content: '确定删除该站点吗？',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteSite(areaId, site.siteId, site.areaId);
        } catch (err) {
          if (!(err instanceof RequestError && err.handled)) toast().error('站点删除失败，请稍后重试');
          return;
        }
        toast().success('站点删除成功！');
        onDeleted(site.siteId);
        for (const queryKey of mapKeys.sitesOfArea(areaId)) {
          qc.setQueriesData<DashboardData>({ queryKey }, (old) => (old ? { ...old, map: old.map.filter((s) => s.siteId !== site.siteId) } : old));
          void qc.invalidateQueries({ queryKey });
        }
      },
    });
  };
}
