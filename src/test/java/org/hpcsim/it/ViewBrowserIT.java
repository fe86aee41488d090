package org.hpcsim.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live view in a real browser (headless Chromium, Debian's chromium and chromium-driver, through
 * Selenium): a room run served with {@code run --serve}, its map drawn, a node failure and a CRAC
 * failure injected from the page's form, stopped from the page; events.csv has both, and the outputs
 * equal the run given the same events in a scenario file. Skipped without Chromium, except under CI
 * ({@code CI=true}), where it fails. Leaves a screenshot of the page in target/view-screenshot.png.
 */
class ViewBrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    /** Selenium warns on stderr that it has no DevTools for this Chromium's version; the test uses none. */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("org.openqa.selenium");

    static {
        QUIET.setLevel(java.util.logging.Level.SEVERE);
    }

    @TempDir
    Path dir;

    private static final List<String> ROOM = List.of("--machine", "mesh:4x5x2", "--cores-per-node", "4",
            "-Dthermal.enabled=true", "-Dcooling.units=[\"0-19\",\"20-39\"]", "--on-job-failure", "requeue");

    private static void requireChromium() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER)) {
            return;
        }
        String msg = "headless Chromium is needed: apt-get install -y chromium chromium-driver";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(msg + " (CI=true: the browser test must run; .ci/run installs them)");
        }
        Assumptions.abort(msg);
    }

    @Test
    void aNodeFailureAndACracFailureInjectedFromThePageAreInTheRunWhichEqualsTheScriptedRun() throws Exception {
        requireChromium();
        List<String> cmd = new ArrayList<>(List.of(Launcher.bin().toString(), "run", "--serve", "0", "--exit-at-end"));
        cmd.addAll(ROOM);
        cmd.addAll(List.of("-o", "served"));
        Process server = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        server.getOutputStream().close();
        StringBuilder output = new StringBuilder();
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            Pattern p = Pattern.compile("live view at (http://\\S+)");
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    Matcher m = p.matcher(line);
                    if (m.find()) {
                        url.complete(m.group(1));
                    }
                }
            } catch (IOException e) {
                url.completeExceptionally(e);
            }
            url.completeExceptionally(new IllegalStateException("no address printed"));
        });
        reader.setDaemon(true);
        reader.start();
        WebDriver browser = null;
        try {
            String page = url.get(60, TimeUnit.SECONDS);
            ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                    .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--window-size=1400,1100");
            browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(),
                    options);
            browser.get(page);
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
            JavascriptExecutor js = (JavascriptExecutor) browser;
            // The map is drawn once the first frame (paused at 0) is in.
            wait.until(d -> "0".equals(js.executeScript("return document.getElementById('map').dataset.drawn")));
            assertEquals("paused", browser.findElement(By.id("state")).getText());

            browser.findElement(By.id("until-time")).sendKeys("3600s");
            browser.findElement(By.id("until")).click();
            wait.until(d -> "3600".equals(js.executeScript("return document.body.dataset.t"))
                    && "paused".equals(js.executeScript("return document.body.dataset.state")));

            new Select(browser.findElement(By.id("inject-kind"))).selectByValue("fail node");
            browser.findElement(By.id("inject-target")).sendKeys("3");
            browser.findElement(By.id("inject")).click();
            wait.until(d -> d.findElement(By.id("reply")).getText().equals("injected: at 3600s fail node 3"));

            new Select(browser.findElement(By.id("inject-kind"))).selectByValue("crac fail");
            browser.findElement(By.id("inject-target")).clear();
            browser.findElement(By.id("inject-target")).sendKeys("0");
            browser.findElement(By.id("inject")).click();
            wait.until(d -> d.findElement(By.id("reply")).getText().equals("injected: at 3600s crac 0 fail"));

            browser.findElement(By.id("until-time")).clear();
            browser.findElement(By.id("until-time")).sendKeys("3h");
            browser.findElement(By.id("until")).click();
            wait.until(d -> "10800".equals(js.executeScript("return document.body.dataset.t")));
            wait.until(d -> d.findElement(By.id("room-text")).getText().contains("down: unit 0"));
            Thread.sleep(700); // the charts redraw twice a second
            Path shot = Path.of(System.getenv().getOrDefault("HPCSIM_REPO_ROOT", "."), "target", "view-screenshot.png");
            Files.createDirectories(shot.getParent());
            Files.write(shot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));

            browser.findElement(By.id("stop")).click();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the run ends once stopped (--exit-at-end)");
            assertEquals(0, server.exitValue(), output.toString());
        } finally {
            if (browser != null) {
                browser.quit();
            }
            server.destroy();
        }
        String events = Files.readString(dir.resolve("served/events.csv"));
        assertTrue(events.contains("fail,node 3,"), events);
        assertTrue(events.contains("crac 0"), events);

        Files.writeString(dir.resolve("page.events"), "at 3600s fail node 3\nat 3600s crac 0 fail\n");
        List<String> scripted = new ArrayList<>(List.of("run", "-q", "--events", "page.events", "--until", "3h"));
        scripted.addAll(ROOM);
        scripted.addAll(List.of("-o", "scripted"));
        Launcher.Result r = Launcher.run(dir, scripted.toArray(String[]::new));
        assertEquals(0, r.status(), r.output());
        List<String> names = outputs(dir.resolve("scripted"));
        assertEquals(names, outputs(dir.resolve("served")));
        for (String n : names) {
            assertEquals(Files.readString(dir.resolve("scripted").resolve(n)), Files.readString(dir.resolve("served")
                    .resolve(n)), n);
        }
    }

    /** A run's output files but summary.json and config-used.conf (wall times, the command line). */
    private static List<String> outputs(Path run) throws IOException {
        try (Stream<Path> files = Files.list(run)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
                    .filter(n -> !n.equals("summary.json") && !n.equals("config-used.conf")).sorted().toList();
        }
    }
}
