/**
 * Calls `onChange` whenever a value of the surrounding form changes: a server's answer shown above
 * the fields ("Old password is incorrect") goes as soon as the person corrects a field.
 */
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';

export function OnFormChange({ onChange }: { onChange: () => void }) {
  const { watch } = useFormContext();
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const subscription = watch((_, { type }) => {
      if (type === 'change') latest.current();
    });
    return () => subscription.unsubscribe();
  }, [watch]);
  return null;
}
