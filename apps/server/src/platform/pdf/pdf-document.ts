import PDFDocument from 'pdfkit';
import { serverPath } from '../../server-files';

/**
 * DejaVu Sans, shipped in the repo (apps/server/assets/fonts, with its licence): PDF's standard fonts cover only
 * Latin-1 in WinAnsi and have no metrics for much else, and what we print (answers, chat messages, notes) is free
 * text in any language.
 */
const FONT_REGULAR = serverPath('assets/fonts/DejaVuSans.ttf');
const FONT_BOLD = serverPath('assets/fonts/DejaVuSans-Bold.ttf');

/** An organisation's logo as pdfkit takes it: PNG or JPEG bytes (see `printableLogo` for others). */
export type PdfLogo = { data: Buffer };

export type PdfDocument = { doc: PDFKit.PDFDocument; done: Promise<Buffer> };

/**
 * A new A4 document made in memory with our fonts registered as `regular` and `bold`: write to `doc`, call
 * `doc.end()`, and `done` gives the bytes. Our PDFs (a survey's answers, a visit's summary) are a few pages.
 */
export function newPdf(info: { title: string; creator: string }): PdfDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: info.title, Creator: info.creator } });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The logo's box in points: the spec's logo is 256×128 pixels, printed at half that. */
const LOGO_BOX: [number, number] = [128, 64];

/**
 * The page's head: the organisation's logo (when it has one pdfkit can draw) and its name as the reader's language
 * names it, under them the title. A logo that does not draw is left out: the name is always printed.
 */
export function pdfHeader(
  doc: PDFKit.PDFDocument,
  head: { organisationLabel: string; organisationName: string; logo?: PdfLogo | null; title: string },
): void {
  if (head.logo) {
    try {
      const top = doc.y;
      doc.image(head.logo.data, doc.page.margins.left, top, { fit: LOGO_BOX });
      doc.y = top + LOGO_BOX[1] + 8;
    } catch {
      // A damaged image: the name below says whose document it is.
    }
  }
  doc.font('regular').fontSize(10).fillColor('#444').text(`${head.organisationLabel}: ${head.organisationName}`);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(18).fillColor('#000').text(head.title);
  doc.moveDown(0.5);
}
