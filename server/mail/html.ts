// The HTML side of every e-mail: escaped text in one plain layout that mail clients render alike.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

export interface HtmlBlock {
  paragraphs: readonly string[];
  button?: { label: string; href: string };
  footer: string;
  /** A link under the footer (where to choose which e-mails one gets). */
  footerLink?: { label: string; href: string };
}

/** Paragraphs and the footer are plain text (escaped here); the button is the message's one link. */
export function htmlEmail(block: HtmlBlock): string {
  const paragraphs = block.paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('\n');
  const button = block.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(block.button.href)}" style="background:#1f5fbf;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(block.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: <a href="${escapeHtml(block.button.href)}">${escapeHtml(block.button.href)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222;margin:0;padding:24px">
<div style="max-width:560px;margin:0 auto">
${paragraphs}
${button}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="font-size:12px;color:#777;margin:0">${escapeHtml(block.footer)}${block.footerLink ? ` <a href="${escapeHtml(block.footerLink.href)}" style="color:#777">${escapeHtml(block.footerLink.label)}</a>.` : ''}</p>
</div>
</body></html>`;
}
