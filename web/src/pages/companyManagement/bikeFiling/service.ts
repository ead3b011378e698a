/** Calls of 车辆备案 (server: modules/bikeFiling): template, import, progress, rows, history. */
import type { Data } from '../../../api/types';
import { download } from '../../../app/download';
import { api } from '../../../app/request';
import { uploadFile } from '../../../components/uploads';
import { clean } from '../service';

export type ImportItem = Data<'/api/company/getBikeImport'>;
export type ImportRowItem = Data<'/api/company/getBikeImportRows'>['lists'][number];
export type RowResult = 'accepted' | 'rejected';

// 下载导入模板 GET /api/company/bikeImportTemplate
export const downloadTemplate = () => download('GET', '/company/bikeImportTemplate', {}, '车辆备案导入模板.xlsx');

/** Uploads the file (purpose filing) and starts its import: answers the import's id. */
export async function startImport(brandId: number, file: File): Promise<number> {
  const up = await uploadFile(file, 'filing');
  // 开始导入 POST /api/company/importBikes
  const d = await api.post('/company/importBikes', { brandId, file: up.file });
  return d.id;
}

// 导入进度与结果 GET /api/company/getBikeImport
export const fetchImport = (id: number) => api.get('/company/getBikeImport', { id });

// 导入的行（已备案 / 被拒绝）GET /api/company/getBikeImportRows
export const fetchRows = (id: number, result: RowResult, currentPage: number, pageSize: number) =>
  api.get('/company/getBikeImportRows', { id, result, currentPage, pageSize });

// 导出导入的行 GET /api/company/exportBikeImportRows
export const exportRows = (id: number, result: RowResult) =>
  download('GET', '/company/exportBikeImportRows', { params: { id, result } }, result === 'rejected' ? '被拒绝的行.xlsx' : '已备案的行.xlsx');

// 导入记录 GET /api/company/getBikeImportList
export const fetchImports = (q: { brandId?: string; currentPage: number; pageSize: number }) => api.get('/company/getBikeImportList', clean(q));
