package org.hpcsim.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Checks of written plot files: PNGs read back as images, SVGs parsed as XML. */
final class PlotFiles {
    private PlotFiles() {
    }

    /** A readable PNG of the size, drawn in more than a few colours. */
    static void assertPng(Path file, int width, int height) {
        BufferedImage image;
        try {
            image = ImageIO.read(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertNotNull(image, file + " is an image");
        assertEquals(width, image.getWidth(), file + " width");
        assertEquals(height, image.getHeight(), file + " height");
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < height && colours.size() < 10; y += 3) {
            for (int x = 0; x < width; x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() >= 10, file + " is not a flat image: " + colours.size() + " colours");
    }

    /** The text of every {@code <text>} element of a well-formed SVG of the size. */
    static String svgText(Path file, int width, int height) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            // The SVG names its DTD by URL: never fetch it.
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            DocumentBuilder b = f.newDocumentBuilder();
            Document doc = b.parse(file.toFile());
            assertEquals("svg", doc.getDocumentElement().getTagName());
            assertEquals(width + "px", doc.getDocumentElement().getAttribute("width"), file + " width");
            assertEquals(height + "px", doc.getDocumentElement().getAttribute("height"), file + " height");
            StringBuilder sb = new StringBuilder();
            NodeList texts = doc.getElementsByTagName("text");
            for (int i = 0; i < texts.getLength(); i++) {
                sb.append(texts.item(i).getTextContent()).append('\n');
            }
            return sb.toString();
        } catch (Exception e) {
            throw new AssertionError(file + " is not well-formed SVG: " + e, e);
        }
    }
}
