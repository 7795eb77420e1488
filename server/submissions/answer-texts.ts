import type { ClientAnswer } from '../../contract/submissions';
import type { Language } from '../../contract/user-types';

interface AnswerMail {
  /** The agent's name (or e-mail). */
  agent: string;
  company: string;
  /** The candidate's name, or the reference number when the profile has none. */
  candidate: string;
  reference: string;
  job: string;
  answer: ClientAnswer;
  comment: string | null;
  /** The job's page, where the board shows the entry. */
  link: string;
}

/**
 * The mail that tells a job's agent how the client answered (issue 21 point 5), in the agent's
 * language: who answered what about whom, the comment, the stage the entry moved to, and the link.
 */
export function clientAnswerMail(language: Language, m: AnswerMail): { subject: string; text: string } {
  if (language === 'en') {
    const said = m.answer === 'interested' ? 'interested' : 'not interested';
    const stage = m.answer === 'interested' ? 'Interview' : 'Rejected (by the client)';
    return {
      subject: `${m.company} answered: ${said} in ${m.candidate} (${m.job})`,
      text: [
        `Hello ${m.agent},`,
        '',
        `${m.company} answered about ${m.candidate} (${m.reference}), sent for “${m.job}”: ${said}.`,
        ...(m.comment ? ['', `Their comment: ${m.comment}`] : []),
        '',
        `The entry is now in the stage “${stage}”.`,
        `The job's pipeline: ${m.link}`,
        '',
        '— Matchwerk',
      ].join('\n'),
    };
  }
  const said = m.answer === 'interested' ? 'interessiert' : 'kein Interesse';
  const stage = m.answer === 'interested' ? 'Vorstellungsgespräch' : 'Abgesagt (vom Kunden)';
  return {
    subject: `Antwort von ${m.company}: ${said} an ${m.candidate} (${m.job})`,
    text: [
      `Guten Tag ${m.agent},`,
      '',
      `${m.company} hat auf ${m.candidate} (${m.reference}), vorgestellt für „${m.job}“, geantwortet: ${said}.`,
      ...(m.comment ? ['', `Kommentar: ${m.comment}`] : []),
      '',
      `Der Eintrag steht jetzt in der Phase „${stage}“.`,
      `Zur Pipeline der Stelle: ${m.link}`,
      '',
      '— Matchwerk',
    ].join('\n'),
  };
}
