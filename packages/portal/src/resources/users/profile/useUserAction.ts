/**
 * Runs an admin's action on its user: the server's message as a toast, the user's record and its
 * audit lines read again, and a refusal's field errors handed back to the form that sent it.
 */
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { messageOf, serverFieldErrors, type FieldErrors } from '../../../components/serverErrors';

export function useUserAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return async function run(action: () => Promise<{ message: string }>, fieldOf?: (errors: FieldErrors, message: string) => FieldErrors): Promise<FieldErrors | undefined> {
    try {
      const { message } = await action();
      notify(message, { type: 'success' });
      refresh();
      return undefined;
    } catch (error) {
      const message = messageOf(error, translate('pp.errors.update'));
      notify(message, { type: 'error' });
      const errors = serverFieldErrors(error);
      return fieldOf ? fieldOf(errors, message) : errors;
    }
  };
}
