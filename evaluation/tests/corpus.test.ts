import { describe, expect, it } from "vitest";
import { FACT_KINDS, FACT_TEMPLATES, FILLER_TOPICS, type FactTemplate, type FillerBeat } from "@/evaluation/planted/corpus";
import { scoreAnswer } from "@/lib/eval/score";
import { questionsFor } from "@/evaluation/planted/questions";

const factsOf = (template: FactTemplate) =>
  template.values.map(({ value, alsoAccept = [] }) => ({
    kind: template.kind,
    value,
    accept: [value, ...alsoAccept],
    statement: "",
    page: template.page,
  }));
const allFacts = FACT_TEMPLATES.flatMap(factsOf);

/** Every text a beat can produce: the product of its slot options. */
function fillings(beat: FillerBeat): string[] {
  let texts = [`${beat.owner}\n${beat.agent}`];
  for (const [name, options] of Object.entries(beat.slots ?? {})) {
    texts = texts.flatMap((text) => options.map((option) => text.replaceAll(`{${name}}`, option)));
  }
  return texts;
}

const namesTopic = (question: string, words: string[]) =>
  words.some((word) => new RegExp(`(^|[^a-z])${word.replace(/[-]/g, "\\-")}([^a-z]|$)`).test(question.toLowerCase()));

describe("fact templates", () => {
  it("cover every kind, with unique topics", () => {
    expect(new Set(FACT_TEMPLATES.map((t) => t.kind))).toEqual(new Set(FACT_KINDS));
    expect(new Set(FACT_TEMPLATES.map((t) => t.topic)).size).toBe(FACT_TEMPLATES.length);
  });

  it("have a filler page for every fact page", () => {
    const fillerPages = FILLER_TOPICS.map((t) => t.page);
    for (const template of FACT_TEMPLATES) expect(fillerPages, template.topic).toContain(template.page);
  });

  it.each(FACT_TEMPLATES.map((t) => [t.topic, t] as const))("%s: statements place the value once", (_, template) => {
    for (const statement of template.statements) expect(statement.split("{value}").length, statement).toBe(2);
  });

  it.each(FACT_TEMPLATES.map((t) => [t.topic, t] as const))("%s: nothing but the statement gives the value away", (_, template) => {
    const others = [
      ...template.openers.flatMap((e) => [e.owner, e.agent]),
      ...template.acks,
      ...template.followUps.flatMap((e) => [e.owner, e.agent]),
      ...questionsFor(template.topic).namingTopic,
      ...questionsFor(template.topic).withoutTopic,
    ];
    for (const fact of factsOf(template)) {
      for (const text of others) expect(scoreAnswer(text, fact), `${text} / ${fact.value}`).toBe(false);
    }
  });

  it.each(FACT_TEMPLATES.map((t) => [t.topic, t] as const))("%s: questions name the topic, or avoid it, as labelled", (_, template) => {
    for (const question of questionsFor(template.topic).namingTopic) expect(namesTopic(question, template.topicWords), question).toBe(true);
    for (const question of questionsFor(template.topic).withoutTopic) expect(namesTopic(question, template.topicWords), question).toBe(false);
  });
});

describe("filler topics", () => {
  const beats = FILLER_TOPICS.flatMap((t) => [...t.openers, ...t.beats].map((beat) => [t.page, beat] as const));

  it("have enough openers and beats for a varied thread", () => {
    for (const topic of FILLER_TOPICS) {
      expect(topic.openers.length, topic.page).toBeGreaterThanOrEqual(3);
      expect(topic.beats.length, topic.page).toBeGreaterThanOrEqual(8);
    }
  });

  it("fill every placeholder and define no unused slot", () => {
    for (const [page, beat] of beats) {
      const used = new Set([...`${beat.owner} ${beat.agent}`.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      expect(new Set(Object.keys(beat.slots ?? {})), `${page}: ${beat.owner}`).toEqual(used);
    }
  });

  it("never state any planted value, whatever the slots draw", () => {
    for (const [page, beat] of beats) {
      for (const text of fillings(beat)) {
        const leaked = allFacts.filter((fact) => scoreAnswer(text, fact)).map((fact) => fact.value);
        expect(leaked, `${page}: ${text}`).toEqual([]);
      }
    }
  });
});
