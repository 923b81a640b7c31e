import { api } from '../../api/client';
import type { PasswordChange } from '../../components/ChangePasswordDialog';

/** POST /api/users/changePassword: the signed-in user's own change (needs hasChangePasswordPermission). */
export function changePassword({ oldPassword, newPassword, confirmPassword }: PasswordChange): Promise<unknown> {
  return api.post('/users/changePassword', { oldPassword, newPassword, confirmPassword });
}
