import { newPdf, pdfHeader, type PdfLogo } from '../../platform/pdf/pdf-document';
import type { SummaryRow, VisitSummary } from './visit-summary';

/** A row: its label in bold and the value beside it, or a paragraph of its own. */
function row(doc: PDFKit.PDFDocument, r: SummaryRow, opts: { stacked: boolean }): void {
  if (r.label === null) {
    doc.font('regular').fontSize(11).text(r.value);
  } else if (opts.stacked) {
    doc.font('bold').fontSize(10).text(r.label);
    doc.font('regular').fontSize(11).text(r.value, { indent: 12 });
  } else {
    doc.font('bold').fontSize(11).text(`${r.label}: `, { continued: true }).font('regular').text(r.value);
  }
}

/**
 * The visit's summary as a PDF (A4, made in memory), on the same path as a survey's answers (platform/pdf): the
 * organisation's logo and name at the head, then the summary's facts and sections as `visitSummary` worded them.
 */
export function visitSummaryPdf(summary: VisitSummary, logo: PdfLogo | null): Promise<Buffer> {
  const { doc, done } = newPdf({ title: summary.title, creator: summary.organisation.value });
  pdfHeader(doc, {
    organisationLabel: summary.organisation.label ?? '',
    organisationName: summary.organisation.value,
    logo,
    title: summary.title,
  });
  for (const fact of summary.facts) row(doc, fact, { stacked: false });
  for (const section of summary.sections) {
    doc.moveDown();
    doc.font('bold').fontSize(14).fillColor('#000').text(section.heading);
    doc.moveDown(0.3);
    if (section.rows.length === 0 && section.empty)
      doc.font('regular').fontSize(11).fillColor('#444').text(section.empty).fillColor('#000');
    for (const r of section.rows) {
      row(doc, r, { stacked: true });
      doc.moveDown(0.3);
    }
  }
  doc.moveDown();
  doc.font('regular').fontSize(9).fillColor('#444').text(summary.footer);
  doc.end();
  return done;
}
