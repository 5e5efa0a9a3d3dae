/**
 * Copies a text to the clipboard; its label says so and reverts after 1.5 s (002 §9). Where the
 * clipboard API is missing (a plain-http address), the text in `fallback` is selected and copied.
 */
import { useEffect, useState, type RefObject } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'ra-core';
import { TIMINGS_MS } from '@partner-panel/sdk';

async function copy(text: string, fallback?: RefObject<HTMLElement | null>) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const node = fallback?.current;
    if (!node) throw new Error('The clipboard is not available');
    window.getSelection()?.selectAllChildren(node);
    if (!document.execCommand('copy')) throw new Error('The clipboard is not available');
  }
}

export function CopyButton({
  text,
  fallback,
  label = 'pp.copy.copy',
  copiedLabel = 'pp.copy.copied',
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & { text: string; fallback?: RefObject<HTMLElement | null>; label?: string; copiedLabel?: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS_MS.copyLabelRevert);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      onClick={() => void copy(text, fallback).then(() => setCopied(true), () => undefined)}
      {...props}
    >
      {translate(copied ? copiedLabel : label)}
    </Button>
  );
}
