/** Calls of the header user menu. */
import { dataOf, http } from '../../app/request';

export interface PasswordChange {
  oldPwd: string;
  newPwd: string;
}

// 修改密码 POST /api/pwd?selfAreaId=
export const changePassword = (selfAreaId: string, body: PasswordChange) => dataOf(http.post<null>('/pwd', body, { params: { selfAreaId } }));
