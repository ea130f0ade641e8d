import type { SelloffEmail } from '@shared/scheduling/selloff-email'

const SUBJECT_LINE = /^subject:(.*)$/i

/** One text for the text area, so a single copy takes the subject with the body. */
export function composeEmailText({ subject, body }: SelloffEmail): string {
  return `Subject: ${subject}\n\n${body}`
}

/** Reads an edited text back: the subject is its first line while that line still starts with 'Subject:'. */
export function splitEmailText(text: string): SelloffEmail {
  const [firstLine = '', ...rest] = text.split('\n')
  const subject = SUBJECT_LINE.exec(firstLine.trim())
  if (!subject) return { subject: '', body: text }
  return { subject: subject[1]!.trim(), body: rest.join('\n').replace(/^\s*\n/, '') }
}

/** A mailto: link that opens the operator's email app with the subject and body filled in. */
export function buildMailtoHref(text: string): string {
  const { subject, body } = splitEmailText(text)
  // RFC 6068: line breaks in a body are CRLF, percent-encoded; encodeURIComponent keeps spaces as %20, not '+'.
  const fields = [
    ...(subject ? [`subject=${encodeURIComponent(subject)}`] : []),
    `body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`,
  ]
  return `mailto:?${fields.join('&')}`
}
