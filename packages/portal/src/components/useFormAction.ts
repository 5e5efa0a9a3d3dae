/**
 * Runs a form's call: the server's message as a toast, the page's records read again (an admin's
 * user and its audit lines, the operator's lists), and a refusal's field errors handed back to the
 * form that sent it.
 */
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { messageOf, serverFieldErrors, type FieldErrors } from './serverErrors';

export function useFormAction() {
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
