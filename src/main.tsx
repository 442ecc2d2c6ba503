/**
 * The entry: the app's start (app/start.tsx) and its stylesheet. The start is a module of the core
 * chunk like the rest of the shared code, so the build's entry script is that chunk itself: no entry
 * chunk of its own importing two hundred names from core (build/prerender-plugin.ts, issue 37).
 */
import './app/start';
import './styles.css';
