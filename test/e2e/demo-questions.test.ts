import { questionsThroughHttp } from './demo-questions.suite.js';

/** The question corpus on the embedded graph engine (Grafeo). */
questionsThroughHttp({ name: 'embedded graph', env: {} });
