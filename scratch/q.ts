import { plannerOn } from '../test/support/planner.js';
