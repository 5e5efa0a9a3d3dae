import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useFormState } from 'react-hook-form';

/** A form's submit button: busy and disabled while the form is submitting. */
export function SubmitButton({ label, ...props }: ButtonProps & { label: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting || props.disabled} startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined} {...props}>
      {translate(label)}
    </Button>
  );
}
