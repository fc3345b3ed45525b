/**
 * Charts of results, drawn with JFreeChart onto JFreeSVG's {@code SVGGraphics2D} and inlined in the
 * HTML reports. Each drawn bar is an SVG group {@code <g class="bar">} and each drawn curve
 * {@code <g class="curve">} (with {@code data-series} and, for bars, {@code data-category}), so
 * tests and readers can count what a chart shows.
 */
package org.sbench.result.chart;
