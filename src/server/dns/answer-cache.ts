// The DNS server's answers by question (server.ts), bounded by a count of entries.
//
// The cache of answers for names that exist is bounded by the zones' contents, and is emptied
// when full. The one of answers any made-up name gets (NXDOMAIN, wildcards, referrals) is what
// a flood of random names fills, each name asked once and never again; emptied when full, it
// would lose with them the answers real clients keep asking (a mistyped name, a stale client),
// all built again on their next query. So that one has two generations: new answers go to the
// young one; when it holds half the bound, the old one is dropped and the young one becomes
// old, and an answer asked again while old moves back to the young one. What is asked at least
// once per half the bound's worth of new questions stays, whatever the flood. A lookup costs
// one map access for a young answer (the common case), two for an old one.

type Generation<E> = Map<number, Map<string, E>>;

export class AnswerCache<E> {
  private young: Generation<E> = new Map();
  private old: Generation<E> = new Map();
  private youngSize = 0;
  private oldSize = 0;

  private readonly turnAt: number;

  /**
   * At most `max` answers are kept: emptied when full, or with `generations`, in two of up to
   * half of it each.
   */
  constructor(
    max: number,
    private readonly generations = false,
  ) {
    this.turnAt = generations ? max / 2 : max;
  }

  /** Answers kept, in both generations. */
  get size(): number {
    return this.youngSize + this.oldSize;
  }

  /** The answer to `question` in the `variant` of answers (size and EDNS form), if kept. */
  get(variant: number, question: string): E | undefined {
    const young = this.young.get(variant)?.get(question);
    if (young !== undefined || !this.oldSize) return young;
    const answers = this.old.get(variant);
    const old = answers?.get(question);
    if (old === undefined) return undefined;
    // Still asked: kept through the next turn of generations.
    answers!.delete(question);
    this.oldSize--;
    this.set(variant, question, old);
    return old;
  }

  set(variant: number, question: string, entry: E): void {
    if (this.youngSize >= this.turnAt) {
      if (this.generations) this.turn();
      else this.clear();
    }
    let answers = this.young.get(variant);
    if (!answers) this.young.set(variant, (answers = new Map()));
    const had = answers.size;
    answers.set(question, entry);
    this.youngSize += answers.size - had;
    this.dropOld(variant, question);
  }

  delete(variant: number, question: string): void {
    const answers = this.young.get(variant);
    if (answers?.delete(question)) this.youngSize--;
    this.dropOld(variant, question);
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngSize = this.oldSize = 0;
  }

  /** A question answered anew while its old answer is kept: the old one goes. */
  private dropOld(variant: number, question: string): void {
    if (this.oldSize && this.old.get(variant)?.delete(question)) this.oldSize--;
  }

  private turn(): void {
    this.old = this.young;
    this.oldSize = this.youngSize;
    this.young = new Map();
    this.youngSize = 0;
  }
}
