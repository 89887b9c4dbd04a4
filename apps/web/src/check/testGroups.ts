import type { CheckGroup } from './account.ts';

/** Test data: a group the user belongs to (a student of a per-page group unless told otherwise). */
export const group = (partial: Partial<CheckGroup> = {}): CheckGroup => ({
  id: 4,
  name: 'School',
  balance_type: 1,
  group_balance: { balance: 10, bonus: 0, ai_balance: 0 },
  current_user_role: 3,
  created_by_user: false,
  hide_new_check_for_student: false,
  ...partial,
});
