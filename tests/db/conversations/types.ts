/** A conversation an owner types turn by turn, then questions about what was said outside the window. */
export type DogfoodConversation = {
  business: string;
  title: string;
  owner: string[];
  questions: {
    ask: string;
    /** The value the answer must state. */
    expect: string;
    /** The value it replaced, which must stay on the page as superseded. */
    earlier?: string;
    /** The page the fact must be filed on, when the subject names one. */
    page?: RegExp;
  }[];
};
