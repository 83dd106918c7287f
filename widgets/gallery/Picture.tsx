import { useEffect, useState } from 'react';
import { IMAGE_RETRY_MS, type Sources } from './rules';

/** AVIF or WebP where the browser takes them, JPEG otherwise; a failed load is retried after 5 s (spec 1 §9). */
export function Picture({ sources, alt, width, height, className, lazy = true }: { sources: Sources; alt: string; width?: number | null; height?: number | null; className?: string; lazy?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed]);
  const retry = (url: string) => (attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`);
  return (
    <picture key={attempt} className={className}>
      {sources.avif && <source type="image/avif" srcSet={retry(sources.avif)} />}
      {sources.webp && <source type="image/webp" srcSet={retry(sources.webp)} />}
      <img src={retry(sources.jpg ?? '')} alt={alt} width={width ?? undefined} height={height ?? undefined} loading={lazy ? 'lazy' : 'eager'} decoding="async" onError={() => setFailed(true)} />
    </picture>
  );
}
