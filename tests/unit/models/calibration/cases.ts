// What a calibration case is: a trade's buffer (the lines a thread's older
// stretches left), what recall put in the prompt, a question, and what a
// careful model does with them.

export type CalibrationLine = { page: string; gist: string };
export type CalibrationFact = { page: string; text: string };

/** open: the page a careful model opens; answer: it answers from the prompt with this value and opens nothing; search: no line is about it. */
export type Expected = { open: string } | { answer: string } | { search: true };

export type CalibrationCase = { question: string; recalled?: CalibrationFact[]; expect: Expected };

export type CalibrationTrade = { trade: string; lines: CalibrationLine[]; cases: CalibrationCase[] };
