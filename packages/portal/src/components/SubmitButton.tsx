import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSubmitting } from './SchemaForm';
import { onlyFirstClick } from './useSubmission';

/**
 * A form's submit button: busy and disabled while the form's submission is on its way (a SchemaForm's
 * own, or `busy` for a plain form using ./useSubmission), and deaf to a double click's second click.
 */
export function SubmitButton({ label, busy, onClick, disabled, ...props }: ButtonProps & { label: string; busy?: boolean }) {
  const translate = useTranslate();
  const submitting = useSubmitting() || busy === true;
  // `disabled` is taken out of the rest: spread after, a form's disabled={false} would re-enable a busy button.
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={submitting || disabled === true}
      startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      onClick={(event) => {
        onlyFirstClick(event);
        onClick?.(event);
      }}
      {...props}
    >
      {translate(label)}
    </Button>
  );
}
