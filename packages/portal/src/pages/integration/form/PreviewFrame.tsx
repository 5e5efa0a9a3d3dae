/**
 * The live preview: the reseller's redeem page in an iframe, as tall as its content — it listens to
 * the page's own height messages, from that iframe and the page's origin only.
 */
import { useEffect, useRef, useState } from 'react';
import { REDEEM_MESSAGES } from '@partner-panel/sdk';

export function PreviewFrame({ url, title }: { url: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(760);
  useEffect(() => {
    const origin = new URL(url).origin;
    const listen = (event: MessageEvent) => {
      const data = event.data as { pp?: string; type?: string; height?: number } | null;
      if (event.origin !== origin || event.source !== frame.current?.contentWindow || data?.pp !== REDEEM_MESSAGES.tag) return;
      if (data.type === REDEEM_MESSAGES.resized && Number(data.height) > 0) setHeight(Math.min(Math.ceil(Number(data.height)), 3000));
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url]);
  return <iframe ref={frame} src={url} title={title} data-testid="embed-preview" style={{ width: '100%', height, border: 0, display: 'block' }} />;
}
