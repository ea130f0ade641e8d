// Every message has a plain-text part and a simple HTML part built from the same plain strings
// (docs/product.md#email). Nothing a user typed reaches the HTML unescaped.

export type MailParts = {
  greeting?: string
  paragraphs: string[]
  list?: string[]
  link?: { label: string; url: string }
  footer?: string[]
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)
}

// A paragraph's own line breaks stay line breaks.
const htmlText = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>')

const isWebAddress = (url: string) => /^https?:\/\//i.test(url)

/** Builds both parts from plain strings; every string is escaped in the HTML. */
export function composeMail(parts: MailParts): { text: string; html: string } {
  const { greeting, paragraphs, list = [], link, footer = [] } = parts
  const text: string[] = []
  const html: string[] = []
  if (greeting) {
    text.push(greeting)
    html.push(`<p>${htmlText(greeting)}</p>`)
  }
  for (const paragraph of paragraphs) {
    text.push(paragraph)
    html.push(`<p>${htmlText(paragraph)}</p>`)
  }
  if (list.length > 0) {
    text.push(list.map((item) => `- ${item}`).join('\n'))
    html.push(`<ul>${list.map((item) => `<li>${htmlText(item)}</li>`).join('')}</ul>`)
  }
  if (link) {
    text.push(`${link.label}: ${link.url}`)
    // Only a web address becomes a link; anything else is shown as text.
    html.push(
      isWebAddress(link.url)
        ? `<p><a href="${escapeHtml(link.url)}">${htmlText(link.label)}</a></p>`
        : `<p>${htmlText(link.label)}: ${htmlText(link.url)}</p>`,
    )
  }
  if (footer.length > 0) {
    text.push(['--', ...footer].join('\n'))
    html.push(`<hr><p style="color:#666;font-size:12px">${footer.map(htmlText).join('<br>')}</p>`)
  }
  return {
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${html.join('')}</body></html>`,
  }
}
