import { describeHostileInput } from './test/hostile-input-suite'

// Thousands of malformed and extreme requests per write route, in three files that run side by
// side (src/server/test/hostile-input-suite.ts): this one is part 3.
describeHostileInput(2, 3)
